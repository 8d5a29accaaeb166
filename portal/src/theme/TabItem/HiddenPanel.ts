/**
 * Whether the component sits inside a tab panel that is not shown (its own or an enclosing
 * tab is not the selected one). Code blocks use it to skip Prism where nobody can see the code.
 */
import {createContext, useContext} from 'react';

export const HiddenPanelContext = createContext(false);

export function useInHiddenTabPanel(): boolean {
  return useContext(HiddenPanelContext);
}
