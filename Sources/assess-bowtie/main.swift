print("bowtie")
