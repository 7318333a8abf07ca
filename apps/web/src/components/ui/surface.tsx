import { createContext, useContext } from 'react';

/** Whether content sits on the light page background or the dark variant. */
export type Surface = 'light' | 'dark';

export const SurfaceContext = createContext<Surface>('light');

export const useSurface = () => useContext(SurfaceContext);
