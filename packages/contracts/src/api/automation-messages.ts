import { HYSTERESIS_OPERATORS } from '../automation-parameters.ts';

// Texts of automations (design docs/design/alerts-automations.md §2): the server answers them as
// 422 messages with the body path as `source`, the editor shows them under the field, tests
// compare them. Kept apart from the schemas so both schema files can use them without a cycle.

export const AUTOMATION_MESSAGES = {
  recipientRequired: 'Enter the address to send to',
  userRequired: 'Pick the user to notify',
  created: 'Automation created successfully',
  updated: 'Automation updated successfully',
  removed: 'Automation removed successfully',
  notFound: 'Automation not found',
  logNotFound: 'Automation log not found',
  conditionRequired: 'Add a condition',
  expressionRequired: 'Add at least one condition',
  elseExpression: 'An else branch has no conditions of its own',
  nestedOrder: 'Nested conditions are an if, optionally followed by one else',
  joinsWith: 'Join with && or || to the next condition',
  unknownParameter: (key: string) => `Unknown parameter "${key}"`,
  numberValue: (key: string) => `Value must be a number for parameter "${key}"`,
  textValue: (key: string) => `Value must be text for parameter "${key}"`,
  eventValue: (key: string) => `Value must be true for event "${key}"`,
  operatorNotAllowed: (operator: string, key: string) =>
    `Operator "${operator}" is not allowed for parameter "${key}"`,
  hysteresisOperator: `Hysteresis needs ${HYSTERESIS_OPERATORS.slice(0, -1).join(', ')} or ${HYSTERESIS_OPERATORS.at(-1)}`,
  actionUnavailable: (name: string) => `The ${name} action is not available on netfleet devices`,
  actionForbidden: (name: string, permission: string) =>
    `You may not use the ${name} action: it needs the ${permission} permission`,
  webhookNotFound: (id: number) => `Webhook ${id} not found`,
  enableRequired: 'Give enable (true or false)',
  companyNotFound: 'Company not found',
  tagNotFound: 'Tag not found',
  /** A scope company outside the rule's own company and its subtree. */
  scopeCompanyOutside: "The company is not the automation's company or below it",
  deviceNotFound: 'Device not found',
  deviceOutside: "The device is not in the automation's company or below it",
  taskGroupNotFound: (id: number | string) => `Task group ${id} not found`,
  smtpConfigNotFound: (id: number) => `SMTP configuration ${id} not found`,
  recipientNotFound: (recipient: string) => `User ${recipient} not found`,
  companyEventAlone: (key: string) =>
    `"${key}" is an event of the company: make it the only condition, without nested conditions`,
  companyEventAction: (name: string) =>
    `The ${name} action needs a device: a company event can e-mail, notify or call a webhook`,
} as const;
