import { startSignIn } from './sign-in-form';

startSignIn();
