import { createContext, useContext } from 'react';
import { SessionStore } from './SessionStore';
import { SettingsStore } from './SettingsStore';
import { GalleryStore } from './GalleryStore';
import { PageEventsStore } from './PageEventsStore';
import { HomeStore } from './HomeStore';

/** All client state: one instance per app, handed to components by context. */
export class RootStore {
  session = new SessionStore();
  settings = new SettingsStore();
  gallery = new GalleryStore();
  pageEvents = new PageEventsStore();
  home = new HomeStore();
}

let root: RootStore | null = null;
export function getRootStore(): RootStore {
  return (root ??= new RootStore());
}

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  return useContext(StoreContext) ?? getRootStore();
}
