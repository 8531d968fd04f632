export { TemplatesPage } from './pages/templates-page';
export { TemplateCreatePage } from './pages/template-create-page';
export { TemplateEditPage } from './pages/template-edit-page';
