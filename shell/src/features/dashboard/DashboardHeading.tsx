import { VisuallyHidden } from '@roconnect/shared-lib';

/**
 * The page's one level-one heading, for screen readers (the tabs name its parts); inside the
 * page's <main>, as every piece of content sits in a landmark.
 */
export function DashboardHeading() {
  return <VisuallyHidden as="h1">Dashboard</VisuallyHidden>;
}
