import { LandingPage } from '../../../features/landing/landing-page';

/** `/` and `/home`: the platform landing page (the signed-in home will branch here later). */
export function HomePage() {
  return <LandingPage />;
}

export default HomePage;
