import Button from '@mui/material/Button';
import TourOutlined from '@mui/icons-material/TourOutlined';
import { useGuidedTour } from '../tour-context';

/** Profile's way back into the tour, also after 'I got it, don't show again'. */
export function TakeTourButton() {
  const tour = useGuidedTour();
  return (
    <Button variant="outlined" startIcon={<TourOutlined />} onClick={tour.start} disabled={tour.running}>
      Take the guided tour
    </Button>
  );
}
