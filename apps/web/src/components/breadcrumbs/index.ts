export { PageBreadcrumbs, type BreadcrumbItem } from './page-breadcrumbs';
