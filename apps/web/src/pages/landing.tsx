import { Link } from 'react-router-dom';

export default function LandingPage() {
  return (
    <div className="p-8">
      <Link to="/dashboard">Explore Platform</Link>
    </div>
  );
}
