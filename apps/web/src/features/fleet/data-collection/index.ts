export { ConfigsPage } from './pages/configs-page';
export { ConfigCreatePage } from './pages/config-create-page';
export { ConfigEditPage } from './pages/config-edit-page';
export { ConfigPage } from './pages/config-page';
