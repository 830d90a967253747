import { appRoutes } from '../app/router';
import { renderInRouter } from './render-in-router';

/** Renders the app's route table at `url` in memory and returns the router to inspect. */
export function renderRoute(url: string) {
  return renderInRouter(appRoutes, url);
}
