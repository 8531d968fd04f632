// English texts of the password confirmation dialog (spec §8 423).
export const en = {
  title: 'Confirm your password',
  password: 'Password',
  confirm: 'Confirm',
  cancel: 'Cancel',
} as const;
