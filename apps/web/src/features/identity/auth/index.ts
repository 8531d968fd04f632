// Pages for the app layer's route registry: /login, /logout, /verify-email and the password reset
// pages /account/forgot-password, /account/reset-password (standalone, public).
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { LoginPage } from './pages/login-page';
export { LogoutPage } from './pages/logout-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { VerifyEmailPage } from './pages/verify-email-page';
