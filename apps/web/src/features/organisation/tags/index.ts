export { TagsPage } from './pages/tags-page';
export { TagPage } from './pages/tag-page';
export { CompanyTagsPanel, companyTagsTab } from './components/company-tags-tab';
