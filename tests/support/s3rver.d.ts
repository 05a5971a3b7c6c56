/** The part of s3rver (a local S3-compatible server, no types of its own) the tests use. */
declare module 's3rver' {
  type Options = {
    port: number;
    address: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: string[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
