import { useMutation } from '@tanstack/react-query';
import type {
  AccessTokenResponse,
  LoginRequest,
  RecoverPasswordRequest,
  ResetPasswordRequest,
  SignupRequest,
} from '@clinic/domain';
import { api } from '../../../lib/api-client';

interface MessageResponse {
  message: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<AccessTokenResponse>('auth/login', body),
  });
}

/** Sign-up answers only a message (the same whether or not the account exists); the user then signs in. */
export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) => api.post<MessageResponse>('auth/signup', body),
  });
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: RecoverPasswordRequest) => api.post<MessageResponse>('password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.post<MessageResponse>('password/reset', body),
  });
}
