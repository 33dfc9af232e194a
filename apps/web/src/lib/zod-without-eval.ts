import { runZodWithoutEval } from '@clinic/domain';

// Imported first by main.tsx: the app's Content-Security-Policy allows no eval (see runZodWithoutEval).
runZodWithoutEval();
