// Page for the app layer's route registry: email-smtp (/email-smtp, manage_smtp).
export { EmailSmtpPage } from './pages/email-smtp-page';
