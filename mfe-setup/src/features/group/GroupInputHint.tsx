import styled from 'styled-components';
import { BRAND } from '@roconnect/shared-lib';

// A URL has no break opportunities; without this it widens the page at 320–375 px.
const Wrap = styled.span`
  overflow-wrap: anywhere;
`;

/** The example under a group field, shared by the wizard and the configuration page. */
export function GroupInputHint() {
  return (
    <Wrap>For example 4000001 or https://www.{BRAND.gameDomain}/communities/4000001/name</Wrap>
  );
}
