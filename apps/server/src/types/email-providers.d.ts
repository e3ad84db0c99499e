/** email-providers ships its list without types: the default export is an array of domains. */
declare module 'email-providers' {
  const domains: string[];
  export default domains;
}
