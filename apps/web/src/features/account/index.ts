// Pages for the app layer's route registry: /account (inside the shell).
export { AccountPage } from './pages/account-page';
