/** A device the dialog is opened for, as the pages that open it know it. */
export interface DeviceRef {
  id: number;
  name: string;
}
