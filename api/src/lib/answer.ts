/** A successful answer in the API's one envelope, `{ success: true, data }` (errors.ts has the other). */
export const ok = <T>(data: T) => ({ success: true as const, data });
