/** Small display helpers. */

/** 13800000001 → 138****0001; anything that is not 11 digits is shown as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export const genderName = (gender: number) => (gender === 0 ? '男' : '女');
