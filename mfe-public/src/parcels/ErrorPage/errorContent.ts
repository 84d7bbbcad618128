import type { ErrorPageCode } from '@roconnect/shared-lib';

export type ErrorAction = 'logIn' | 'tryAgain' | 'goHome';

export interface ErrorContent {
  title: string;
  message: string;
  /** in the order shown; the first is the main call to action */
  actions: ErrorAction[];
}

/** A friendly message and the way out for each error page (docs/product.md › Error pages). */
export const ERROR_CONTENT: Record<ErrorPageCode, ErrorContent> = {
  '401': {
    title: 'Sign in required',
    message:
      'You need to be signed in to see this page. Log in with your Discord account and we will take it from there.',
    actions: ['logIn', 'goHome'],
  },
  '403': {
    title: 'Access denied',
    message:
      "You don't have permission to view this page. If you think you should, ask the server owner or sign in with another account.",
    actions: ['goHome'],
  },
  '404': {
    title: 'Page not found',
    message:
      "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
    actions: ['goHome'],
  },
  '500': {
    title: 'Something went wrong',
    message: 'Something broke on our side. It is not your fault: please try again in a moment.',
    actions: ['tryAgain', 'goHome'],
  },
  '502': {
    title: 'Service unavailable',
    message: "We're having trouble reaching our servers right now. Please try again in a moment.",
    actions: ['tryAgain', 'goHome'],
  },
};

export const ERROR_CODES = Object.keys(ERROR_CONTENT) as ErrorPageCode[];
