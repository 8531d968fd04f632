/** The device a services dialog works on (the device page's). */
export interface ServicesDevice {
  id: number;
  name: string;
}
