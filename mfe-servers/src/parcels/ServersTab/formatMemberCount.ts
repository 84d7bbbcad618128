const numberFormat = new Intl.NumberFormat('en-US');

export function formatMemberCount(count: number): string {
  return `${numberFormat.format(count)} ${count === 1 ? 'member' : 'members'}`;
}
