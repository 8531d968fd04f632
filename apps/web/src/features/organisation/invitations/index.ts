// Page for the app layer's route registry: register (/register/:token, standalone and public).
export { RegisterPage } from './pages/register-page';
