import React, { Fragment, type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfigObject } from 'single-spa';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { ParcelErrorBoundary } from './ParcelErrorBoundary';

/** Props every parcel receives from single-spa besides the shell's own. */
export interface ParcelBaseProps {
  name?: string;
  domElement?: HTMLElement;
}

/**
 * Wraps a React component as a single-spa parcel with its own React root, the theme and an error
 * boundary. Remotes expose the result; the shell mounts it with single-spa's parcel API.
 */
export interface DefineParcelOptions {
  /** the remote's build label (its RC_RELEASE), shown as data-release for deploy checks */
  release?: string;
  /**
   * Wraps the parcel's root, e.g. in the page's query cache (`PageQueryProvider` from
   * @roconnect/shared-lib/query): a parcel is a React root of its own, which no provider of the
   * shell's reaches. Only a parcel that loads data passes one, so only it downloads React Query.
   */
  provider?: ComponentType<{ children: ReactNode }>;
}

export function defineParcel<P extends object>(
  name: string,
  Component: ComponentType<P>,
  options: DefineParcelOptions = {},
): ParcelConfigObject<P & ParcelBaseProps> {
  const Provider = options.provider ?? Fragment;
  function ParcelRoot(props: P & ParcelBaseProps) {
    return (
      <ThemeProvider theme={theme}>
        <ParcelErrorBoundary name={name}>
          <Provider>
            <div data-parcel={name} data-release={options.release} style={{ display: 'contents' }}>
              <Component {...props} />
            </div>
          </Provider>
        </ParcelErrorBoundary>
      </ThemeProvider>
    );
  }
  ParcelRoot.displayName = `Parcel(${name})`;

  const lifecycles = singleSpaReact<P & ParcelBaseProps>({
    React,
    ReactDOMClient,
    rootComponent: ParcelRoot,
    errorBoundary: (error: Error) => (
      <div role="alert" data-parcel-error={name}>
        This part of the page stopped working: {error.message}
      </div>
    ),
  });
  return { name, ...lifecycles } as ParcelConfigObject<P & ParcelBaseProps>;
}
