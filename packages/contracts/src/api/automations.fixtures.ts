// The examples of spec/rms-openapi-v3.yaml: automation_post_put's property examples, three levels
// of conditions as the definition nests them. The nested branches carry the oneOf's other two
// option shapes (send_notification, task_manager) with their examples; task_group_id's example
// there is the text "Some message", so it gets an id.
export const rmsConditionsBody = [
  {
    type: 'if',
    expression: [{ parameter: 'temperature', operator: '==', value: 10, joins_with: '&&' }],
    actions: [
      {
        name: 'SendEmail',
        options: {
          smtp_config_id: 123,
          subject: 'Hello',
          message: 'Some message',
          receiving_emails: ['example@example.com'],
        },
        tag: 'cond_0.SendEmail.3333333',
      },
    ],
    tag: 'cond_0',
    conditions: [
      {
        type: 'if',
        expression: [
          { parameter: 'temperature', operator: '==', value: 'some_value', joins_with: '&&' },
        ],
        actions: [
          {
            name: 'SendNotification',
            options: { message: 'Some message', receiving_users: ['example@example.com'] },
          },
        ],
        tag: 'cond_1',
        conditions: [
          {
            type: 'if',
            expression: [
              {
                parameter: 'some_parameter',
                operator: '==',
                value: 'some_value',
                joins_with: '&&',
              },
            ],
            actions: [{ name: 'TaskManagerAction', options: { task_group_id: '12' } }],
            tag: 'cond_2',
          },
        ],
      },
    ],
  },
];
export const rmsPostPut = {
  name: 'Test automation',
  description: 'Automation that does something.',
  company_id: 10,
  cooldown_duration: 60,
  cooldown_enabled: true,
  delay_enabled: true,
  delay_repetitions_count: 4,
  delay_duration: 60,
  enabled: true,
  conditions_body: [{ ...rmsConditionsBody[0], conditions: undefined }],
};

// The answers' examples. The generator wrote the string '{}' for every conditions object, which
// no client sends or reads; those fields get a real body, every other field is RMS's own.
export const rmsAutomationBody = {
  devices_count: 5,
  company_id: 10,
  total_triggered_count: 6,
  conditions_body_version: 'conditions_body_version',
  delay_repetitions_count: 4,
  cooldown_duration: 60,
  description: 'Automation that does something.',
  created_at: 'created_at',
  data_group: 'data_group',
  delay_enabled: true,
  enabled: true,
  active_devices_count: 2,
  period_latest_reset: 'period_latest_reset',
  period_trigger_limit: 5,
  user_id: 0,
  name: 'Test automation',
  cooldown_enabled: true,
  automation_version: 'automation_version',
  id: 12,
  period_triggered_count: 1,
  conditions_body: rmsConditionsBody,
  delay_duration: 60,
};
export const rmsLogBody = {
  evaluation_id: 'gaTqiZMFfFd9LYbHhylh',
  device_name: 'RUT Device 1',
  evaluated_parameters: [
    { value: '35', key: 'temperature' },
    { value: '35', key: 'temperature' },
  ],
  company_id: 1534,
  device_id: 7034,
  evaluated_conditions: [
    { value: true, key: 'cond_0' },
    { value: true, key: 'cond_0' },
  ],
  serial: '0000000000',
  company_name: 'Regular company',
  overall_status: 'success',
  created_at: '2000-01-23T04:56:07.000+00:00',
  conditions_body: rmsConditionsBody,
  mac: '00:00:00:00:00:00',
};
const { conditions_body: _body, ...logFields } = rmsLogBody;
export const rmsLogEvaluationBody = {
  ...logFields,
  action_status_message: 'Succeeded',
  conditions: rmsConditionsBody,
  action_status: 1,
};
export const rmsDeviceBody2 = {
  device_id: 7034,
  total_triggered_count: 3012,
  created_at: '2000-01-23T04:56:07.000+00:00',
  enabled: false,
  mac: '00:00:00:00:00:00',
  automation_id: 5634,
  period_latest_reset: '2000-01-23T04:56:07.000+00:00',
  device_name: 'RUT Device 1',
  period_trigger_limit: 25,
  last_triggered_at: '2000-01-23T04:56:07.000+00:00',
  serial: '0000000000',
  period_triggered_count: 58,
  firmware: 'RUT9XX_R_00.06.05.3',
};
