// Pages for the app layer's route registry: /changelog.
export { ChangelogPage } from './pages/changelog-page';
