import {createContext} from 'react';

/** True under a page whose content the layout should hold in a `<main>` landmark (./index.tsx). */
export const MainLandmark = createContext(false);
