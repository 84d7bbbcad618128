import styled from 'styled-components';

/**
 * A bordered `<fieldset>` whose `<legend>` names a group of fields: one bind's rank and role, a
 * checklist of roles. Screen readers read the legend before each field of the group.
 */
export const FieldGroup = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  min-width: 0;
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9375rem;
  }
`;
