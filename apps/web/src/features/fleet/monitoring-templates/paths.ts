export const TEMPLATES_ROUTE = '/monitoring-templates';
export const CREATE_TEMPLATE_ROUTE = '/monitoring-templates/create';

export const editTemplatePath = (id: number): string => `/monitoring-templates/edit/${id}`;
