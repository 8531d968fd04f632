export { AutomationsPage } from './pages/automations-page';
export { SilencesPage } from './pages/silences-page';
export { AutomationCreatePage } from './pages/automation-create-page';
export { AutomationEditPage } from './pages/automation-edit-page';
export { AutomationPage } from './pages/automation-page';
