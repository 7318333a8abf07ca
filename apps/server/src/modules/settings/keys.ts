/** Keys of the settings table. */
export const SETTING = {
  marque: 'marque_text',
} as const;
