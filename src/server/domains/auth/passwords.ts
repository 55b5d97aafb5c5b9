// Password hashing moved to infrastructure (src/server/passwords.ts): payment passwords
// (src/server/confirm/) are hashed the same way. Kept here for the auth domain's importers.
export * from '../../passwords';
