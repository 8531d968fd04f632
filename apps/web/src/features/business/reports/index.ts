// Reports (issue 20): the /reports lists (single, periodic day/week/month), the generated report
// page, the company page's reports tab, the generic forms (./forms) and the dialogs by name
// (generated list, credit report). Everything loads on demand through this loader.
export const loadReportsPages = () => import('./pages');
