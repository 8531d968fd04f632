// Pages for the app layer's route registry: /login, /logout, /verify-email (standalone, public).
export { LoginPage } from './pages/login-page';
export { LogoutPage } from './pages/logout-page';
export { VerifyEmailPage } from './pages/verify-email-page';
