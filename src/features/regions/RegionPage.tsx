import { useParams } from 'react-router';
import { RegionView } from './components/RegionView.tsx';

/** `/regions/{id}` and `/regions/new`: a region drawn on the map, its details and profile. */
export function RegionPage() {
  const { id = 'new' } = useParams();
  return <RegionView key={id} regionId={id === 'new' ? null : id} />;
}
