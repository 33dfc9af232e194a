import { ProfilePage } from '../../features/users/pages/profile-page';
import { TakeTourButton } from '../../features/tour/components/take-tour-button';

/** /users/profile: the users feature's page, with the guided tour's 'Take the guided tour' button. */
export function ProfileRoute() {
  return <ProfilePage actions={<TakeTourButton />} />;
}
