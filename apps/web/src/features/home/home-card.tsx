import { Link } from '../../components/link';

/** Props of `HomeCard`. */
export interface HomeCardProps {
  to: string;
  title: string;
  /** A second, smaller line under the title. */
  detail?: string;
}

/** A large link card of the home grid. */
export function HomeCard({ to, title, detail }: HomeCardProps) {
  return (
    <Link className="home-card" to={to}>
      <span className="home-card__title">{title}</span>
      {detail && <span className="home-card__detail">{detail}</span>}
    </Link>
  );
}
