// GitHub's <auto-complete>: an input and a list, the smallest anchor.
import '@github/auto-complete-element';
