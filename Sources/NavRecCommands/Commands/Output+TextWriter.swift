extension Output: TextWriter {}
