import { within, type ByRoleMatcher } from '@testing-library/react';

/** The texts of the elements of role `role` inside `container`, in the page's order. */
export function textsOf(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
