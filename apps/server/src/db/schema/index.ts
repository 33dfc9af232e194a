export * from './enums';
export * from './organizations';
export * from './users';
export * from './audit';
export * from './outbox';
export * from './suppliers';
export * from './uploads';
export * from './catalog';
