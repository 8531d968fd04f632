export {
  createAlertDialog,
  DeviceAlertsDialog,
  deviceAlertsDialog,
  type DeviceAlertsDialogProps,
} from './components/device-alerts-dialog';
