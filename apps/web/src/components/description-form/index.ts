export { DESCRIPTION_FORM_TEXTS, DescriptionForm } from './description-form';
