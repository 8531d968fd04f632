export { CompanyFilter, CompanySelect, type CompanySelectProps } from './company-select';
