// Account phone numbers (issue 17), without zod: the web's first load may show them. Their
// message is `validation.phone.invalid` (PhoneSchema in auth.ts).

/**
 * An account's phone as it is stored, whatever the spelling typed: Indian numbers as "+91"
 * and ten digits ("98765 43210", "098765-43210", "+91 98765 43210", "919876543210" all read
 * "+919876543210"); other numbers need their country code ("+…" or "00…") and are kept as
 * "+<digits>". Null when it is no phone number we can store one way.
 */
export function normalisePhoneNumber(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    // "+91 0 98765 43210": the trunk 0 after the country code is not part of the number.
    if (/^910\d{10}$/.test(international)) return `+91${international.slice(3)}`;
    return international.length >= 7 && international.length <= 15 ? `+${international}` : null;
  }
  if (digits.length === 10) return `+91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `+91${digits.slice(1)}`;
  if (digits.length === 12 && digits.startsWith('91')) return `+${digits}`;
  return null;
}

/** A stored phone as people read it: "+91 98765 43210"; others as stored. */
export function formatPhoneNumber(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}
