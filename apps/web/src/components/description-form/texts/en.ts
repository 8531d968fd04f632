// English texts of the description dialog of uploaded files and images.
export const en = {
  title: 'Edit description',
  description: 'Description',
  save: 'Save',
} as const;
