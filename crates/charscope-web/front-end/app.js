// charscope page
