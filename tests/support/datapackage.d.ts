/** The part of the frictionless `datapackage` library (no types of its own) the tests use. */
declare module 'datapackage' {
  export class Package {
    static load(descriptor: object, options?: { basePath?: string }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
  }
}
